import { useCallback, useEffect, useRef, useState } from 'react';
import { CAMPAIGN_POLL_MS, type ReportRowsResponse } from '../../../domain/reports';
import { errorStatus } from '../../dataProvider/httpClient';
import { awaitingResult, reportCalls, type ReportHeaderResponse } from './reportCalls';
import type { ReportKind } from './reportQuery';

/**
 * One load at a time (spec 002 section 4, "Data loads are guarded against overlapping requests"): a request
 * made while a load runs is not started beside it; the latest one runs once the current load ends, so the
 * view the user last asked for is the one shown. Polls made during a load are simply dropped.
 */
export class LoadGuard {
  private running = false;
  private queued: (() => Promise<void>) | null = null;

  get busy(): boolean {
    return this.running;
  }

  async run(task: () => Promise<void>, { queue = true }: { queue?: boolean } = {}): Promise<void> {
    if (this.running) {
      if (queue) this.queued = task;
      return;
    }
    this.running = true;
    try {
      await task();
    } finally {
      this.running = false;
    }
    const next = this.queued;
    this.queued = null;
    if (next) await this.run(next);
  }
}

/** The report's two loads (spec 002 section 4, "Report loading"): the header and the rows, each none, loading or loaded. */
/** 'missing': the server does not know this campaign or template (404); nothing to wait for. */
export type LoadStatus = 'none' | 'loading' | 'loaded' | 'failed' | 'missing';

export interface ReportLoad {
  header: ReportHeaderResponse | null;
  headerStatus: LoadStatus;
  rows: ReportRowsResponse | null;
  rowsStatus: LoadStatus;
}

const NONE: ReportLoad = { header: null, headerStatus: 'none', rows: null, rowsStatus: 'none' };

/**
 * Loads a report's header and rows (`request` is the rows call's body, null until the page knows enough to ask),
 * again whenever the request changes or reload() is called, and every 5 s while the campaign has no result yet
 * (being published, or not loaded). Stops on unmount.
 */
export function useReportLoader(kind: ReportKind, id: number, request: Record<string, unknown> | null) {
  const [load, setLoad] = useState<ReportLoad>(NONE);
  const guard = useRef(new LoadGuard());
  const mounted = useRef(true);
  const headerLoaded = useRef(false);
  const requestRef = useRef(request);
  requestRef.current = request;
  const requestKey = JSON.stringify(request);

  /** the rows, and the header too when asked or not loaded yet */
  const loadOnce = useCallback(
    async (withHeader: boolean) => {
      const request = requestRef.current;
      setLoad((current) => ({
        ...current,
        headerStatus: current.header ? current.headerStatus : 'loading',
        rowsStatus: request ? 'loading' : current.rowsStatus,
      }));
      const [header, rows] = await Promise.allSettled([
        withHeader || !headerLoaded.current ? reportCalls.header(kind, id) : Promise.resolve(null),
        request ? reportCalls.rows(request) : Promise.resolve(null),
      ]);
      if (!mounted.current) return;
      if (header.status === 'fulfilled' && header.value) headerLoaded.current = true;
      setLoad((current) => {
        const next = { ...current };
        if (header.status === 'fulfilled' && header.value) {
          next.header = header.value;
          next.headerStatus = 'loaded';
        } else if (header.status === 'rejected') {
          // a failed poll keeps the header already shown
          next.headerStatus = current.header ? 'loaded' : errorStatus(header.reason) === 404 ? 'missing' : 'failed';
        }
        if (rows.status === 'fulfilled' && rows.value) {
          next.rows = rows.value;
          next.rowsStatus = 'loaded';
        } else if (rows.status === 'rejected') {
          next.rowsStatus = 'failed';
        }
        return next;
      });
    },
    [kind, id],
  );

  /** reload(): header and rows, after any load running now */
  const reload = useCallback(() => guard.current.run(() => loadOnce(true)), [loadOnce]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    setLoad(NONE);
    headerLoaded.current = false;
  }, [kind, id]);

  useEffect(() => {
    void guard.current.run(() => loadOnce(false));
  }, [loadOnce, requestKey]);

  const polling =
    load.headerStatus !== 'missing' &&
    (load.headerStatus !== 'loaded' || (kind === 'campaign' && awaitingResult(load.header)));
  useEffect(() => {
    if (!polling) return;
    const timer = setInterval(() => void guard.current.run(() => loadOnce(true), { queue: false }), CAMPAIGN_POLL_MS);
    return () => clearInterval(timer);
  }, [polling, loadOnce]);

  return { ...load, reload, polling };
}

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { describeScope, faultPolicy, faultRecord } from '../../server/processSafetyNet';
import { freePort } from '../support/freePort';
import { compiledServerFile } from './compiledServer';

describe('the safety net’s policy', () => {
  it('goes on after a rejection nobody handled, and stops after an uncaught exception or an allocation failure', () => {
    expect(faultPolicy('unhandledRejection', new Error('57P01 terminating connection'))).toBe('carry-on');
    expect(faultPolicy('unhandledRejection', 'a string, not an Error')).toBe('carry-on');
    expect(faultPolicy('unhandledRejection', undefined)).toBe('carry-on');
    expect(faultPolicy('uncaughtException', new Error('anything'))).toBe('stop');
    expect(faultPolicy('unhandledRejection', new RangeError('Array buffer allocation failed'))).toBe('stop');
    expect(
      faultPolicy(
        'unhandledRejection',
        Object.assign(new Error('worker ran out'), { code: 'ERR_WORKER_OUT_OF_MEMORY' }),
      ),
    ).toBe('stop');
    // a RangeError of a bad argument is an ordinary bug, not an exhausted heap
    expect(faultPolicy('unhandledRejection', new RangeError('Invalid time value'))).toBe('carry-on');
  });

  it('names the request (and its session once known) or the job a fault came from', () => {
    const request = { id: 'req-7', method: 'POST', url: '/api/admin/report?x=1', auth: null };
    expect(describeScope({ request })).toEqual({
      requestId: 'req-7',
      method: 'POST',
      url: '/api/admin/report?x=1',
      issuerId: null,
      userId: null,
    });
    const signedIn = { ...request, auth: { kind: 'session' as const, issuer: { id: 3 }, user: { id: 12 } } };
    expect(describeScope({ request: signedIn })).toMatchObject({ issuerId: 3, userId: 12 });
    const apiKey = { ...request, auth: { kind: 'apikey' as const, issuer: { id: 3 } } };
    expect(describeScope({ request: apiKey })).toMatchObject({ issuerId: 3, userId: null });
    expect(describeScope({ job: { id: 41, type: 'campaign.followUp' } })).toEqual({
      jobId: '41',
      jobType: 'campaign.followUp',
    });
    expect(describeScope(undefined)).toEqual({});
    const error = new Error('boom');
    expect(faultRecord('uncaughtException', error, { job: { id: 'a1', type: 'mail.send' } })).toEqual({
      fault: 'uncaughtException',
      policy: 'stop',
      jobId: 'a1',
      jobType: 'mail.send',
      err: error,
    });
  });
});

interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** The server process with the routes that leave faults behind (tests/support/faultyServer.ts), on SQLite. */
async function startFaultyServer() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'laurel-faults-'));
  const child = spawn(process.execPath, [compiledServerFile('faultyServer')], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://laurel.test',
      WEB_ROOT: 'none',
      // info: fastify logs each incoming request, which tells the test a request is in flight
      LOG_LEVEL: 'info',
      JOB_POLL_MS: '100',
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const lines = (): LogLine[] =>
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine);
  /** the first log line that matches, once the server has written it */
  const logged = async (what: string, match: (line: LogLine) => boolean): Promise<LogLine> => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const found = lines().find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`the server did not log ${what}:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const server = { child, url, exited, logged, output: () => output, dataDir };
  // seconds on a busy machine
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server ended before answering:\n${output}`);
    const answer = await fetch(`${url}/api/health`).catch(() => null);
    if (answer?.status === 200) return server;
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** fastify's "incoming request" line of a request to `url` */
const requestLine = (line: LogLine, url: string) =>
  line.msg === 'incoming request' && (line.req as { url?: string } | undefined)?.url === url;

type FaultyServer = Awaited<ReturnType<typeof startFaultyServer>>;

/** A POST whose body the test sends in two halves: the request stays in flight until `finish()`. */
function slowPost(url: string, body: string) {
  const half = Math.floor(body.length / 2);
  let answered: (value: { status: number; body: string }) => void;
  const answer = new Promise<{ status: number; body: string }>((resolve) => (answered = resolve));
  const request = http.request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  request.on('response', (response) => {
    let text = '';
    response.on('data', (chunk: Buffer) => (text += chunk.toString()));
    response.on('end', () => answered({ status: response.statusCode ?? 0, body: text }));
  });
  request.on('error', (error) => answered({ status: 0, body: error.message }));
  request.write(body.slice(0, half));
  return {
    answer,
    finish: () => request.end(body.slice(half)),
  };
}

describe('the safety net in a server process', () => {
  let server: FaultyServer | null = null;
  afterEach(async () => {
    const running = server;
    server = null;
    if (!running) return;
    if (running.child.exitCode === null && running.child.signalCode === null) {
      running.child.kill('SIGKILL');
      await running.exited;
    }
    fs.rmSync(running.dataDir, { recursive: true, force: true });
  });

  it('logs a rejection nobody handled with its request or job, counts it in /api/ready, and goes on', async () => {
    server = await startFaultyServer();
    const { url, logged } = server;

    const floating = await fetch(`${url}/test/unhandled-rejection`);
    expect(floating.status).toBe(200);
    const fromRequest = await logged('the rejection left by a request', (line) => line.fault === 'unhandledRejection');
    expect(fromRequest).toMatchObject({
      level: 50,
      policy: 'carry-on',
      method: 'GET',
      url: '/test/unhandled-rejection',
      issuerId: null,
      userId: null,
      err: { message: 'left unhandled by a request' },
    });
    // the id fastify gave that request, as its own "incoming request" line shows
    const incoming = await logged('the request', (line) => requestLine(line, '/test/unhandled-rejection'));
    expect(fromRequest.requestId).toBe(incoming.reqId);

    let ready = await fetch(`${url}/api/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      ok: true,
      stopping: false,
      faults: { unhandledRejections: 1, uncaughtExceptions: 0 },
    });

    const job = await fetch(`${url}/test/job`, { method: 'POST' });
    const { id } = (await job.json()) as { id: string };
    const fromJob = await logged('the rejection left by a job', (line) => line.jobId === id);
    expect(fromJob).toMatchObject({
      fault: 'unhandledRejection',
      jobType: 'test.floating-rejection',
      err: { message: 'left unhandled by a background job' },
    });
    ready = await fetch(`${url}/api/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ ok: true, faults: { unhandledRejections: 2, uncaughtExceptions: 0 } });
    // still answering, and a signal still ends it cleanly
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 120_000);

  it('stops gracefully after an uncaught exception: readiness 503 at once, the request in flight answered, status 1', async () => {
    server = await startFaultyServer();
    const { url, logged } = server;
    const payload = JSON.stringify({ note: 'sent in two halves', padding: 'x'.repeat(2000) });
    const inFlight = slowPost(`${url}/test/echo`, payload);
    await logged('the echo request arriving', (line) => requestLine(line, '/test/echo'));

    expect((await fetch(`${url}/test/uncaught-exception`)).status).toBe(200);
    const fault = await logged('the uncaught exception', (line) => line.fault === 'uncaughtException');
    expect(fault).toMatchObject({
      level: 60,
      policy: 'stop',
      method: 'GET',
      url: '/test/uncaught-exception',
      err: { message: 'thrown outside any promise by a request' },
    });
    expect(fault.requestId).toEqual(expect.any(String));

    // stopping: readiness says so, other new requests are turned away with a Retry-After
    const ready = await fetch(`${url}/api/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({
      ok: false,
      stopping: true,
      faults: { unhandledRejections: 0, uncaughtExceptions: 1 },
    });
    const refused = await fetch(`${url}/test/unhandled-rejection`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toMatchObject({ code: 'SHUTTING_DOWN' });
    // the request in flight keeps the process up until it is answered
    expect(server.child.exitCode).toBeNull();

    inFlight.finish();
    const answer = await inFlight.answer;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ echo: JSON.parse(payload) });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('"msg":"shutting down"');
  }, 120_000);
});

import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJsonInSlices, registerSlicedJsonParser, SLICED_FROM_CHARACTERS } from '../../server/slicedJson';

const TRICKY = [
  'plain',
  'commas, brackets ] [ } { and "quotes"',
  'a backslash \\ then a quote \\"',
  'unicode \u00e9\u4e2d\ud83c\udf89 and \u2028',
];

/** Rows whose values hold what could fool a scanner: commas, brackets, quotes, escapes, nested arrays. */
function rows(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    ID: `P-${i}`,
    text: TRICKY[i % TRICKY.length],
    nested: { list: [i, [i, { deep: ']' }], 'x,y'] },
    empty: [],
    n: i % 7 === 0 ? null : i / 3,
  }));
}

/** The whole parse as the server's: JSON.parse, each call counted with its length. */
function countingParse() {
  const calls: number[] = [];
  return {
    calls,
    parse: async (text: string) => {
      calls.push(text.length);
      return JSON.parse(text) as unknown;
    },
  };
}

describe('parseJsonInSlices', () => {
  it('gives what JSON.parse gives, parsing a large array in pieces', async () => {
    const body = {
      templateId: 3,
      small: [1, '[', { a: [2] }],
      data: rows(1_203),
      'automated-emailing': true,
      other: rows(600),
    };
    for (const text of [JSON.stringify(body), JSON.stringify(body, null, 2)]) {
      const { calls, parse } = countingParse();
      expect(await parseJsonInSlices(text, parse)).toEqual(JSON.parse(text));
      // the object without its two large arrays, then 3 + 2 slices of at most 500 elements
      expect(calls).toHaveLength(6);
      expect(Math.max(...calls)).toBeLessThan(text.length / 2);
    }
  });

  it('parses whole what it does not slice: a top-level array, small arrays, a repeated key', async () => {
    const cases = [
      JSON.stringify(rows(1_000)),
      JSON.stringify({ data: rows(400) }),
      `{"data": ${JSON.stringify(rows(600))}, "data": []}`,
      `{"d\\u0061ta": ${JSON.stringify(rows(600))}, "data": 1}`,
    ];
    for (const text of cases) {
      const { calls, parse } = countingParse();
      expect(await parseJsonInSlices(text, parse)).toEqual(JSON.parse(text));
      expect(calls).toEqual([text.length]);
    }
  });

  it('answers a syntax error as the whole parse does', async () => {
    const good = JSON.stringify({ data: rows(700) });
    const broken = [good.replace('"P-650"', '"P-650'), good.replace('}]}', '},]}'), good.slice(0, -1)];
    for (const text of broken) {
      const { parse } = countingParse();
      await expect(parseJsonInSlices(text, parse)).rejects.toThrow(SyntaxError);
    }
  });

  it('lets the event loop turn while it parses a large body', async () => {
    const text = JSON.stringify({ data: rows(40_000) });
    let turns = 0;
    let running = true;
    const turn = () => {
      turns += 1;
      if (running) setImmediate(turn);
    };
    setImmediate(turn);
    await parseJsonInSlices(text, async (piece) => JSON.parse(piece) as unknown);
    running = false;
    expect(turns).toBeGreaterThan(2);
  });
});

describe('the application/json parser of the server', () => {
  let sliced: FastifyInstance;
  let plain: FastifyInstance;

  const echo = (app: FastifyInstance) => {
    app.post('/echo', async (request) => request.body);
    return app;
  };
  beforeAll(async () => {
    sliced = Fastify({ bodyLimit: 10 * 1024 * 1024 });
    registerSlicedJsonParser(sliced);
    plain = Fastify({ bodyLimit: 10 * 1024 * 1024 });
    await echo(sliced).ready();
    await echo(plain).ready();
  });
  afterAll(async () => {
    await sliced.close();
    await plain.close();
  });

  const post = (app: FastifyInstance, payload: string) =>
    app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload });

  it('answers large and small bodies, good or bad, as Fastify does', async () => {
    const large = JSON.stringify({ templateId: 3, data: rows(3_000) });
    expect(large.length).toBeGreaterThan(SLICED_FROM_CHARACTERS);
    const poisoned = large.replace('"ID":"P-2000"', '"ID":"P-2000","__proto__":{"admin":true}');
    const constructor = large.replace('"ID":"P-10"', '"ID":"P-10","constructor":{"prototype":{"admin":true}}');
    for (const payload of [large, poisoned, constructor, large.slice(0, -2), '', '{"small": [1, 2]}', '{"a":']) {
      const [ours, theirs] = [await post(sliced, payload), await post(plain, payload)];
      expect(ours.statusCode).toBe(theirs.statusCode);
      expect(ours.json()).toEqual(theirs.json());
    }
    expect((await post(sliced, poisoned)).statusCode).toBe(400);
    expect((await post(sliced, large)).json()).toEqual(JSON.parse(large));
  });
});

import { describe, expect, it } from 'vitest';
import { chaosProblems, chaosReport, runChaos } from '../chaos/chaos';
import { SHORT } from '../chaos/run';
import { compiledServerFile } from './compiledServer';

/**
 * The chaos test's short form (issue 27; the full form is `npm run chaos`): PostgreSQL restarted 3 times and the
 * worker process SIGKILLed twice under every kind of load, on both layouts (role all; web + worker). Nothing lost,
 * nothing done twice, every answer a success, an expected refusal or a 503 with Retry-After; every process up.
 */
describe('chaos (short form)', () => {
  it('keeps every process up and loses nothing through restarts and kills', async () => {
    const result = await runChaos({ ...SHORT, main: compiledServerFile('main') });
    const report = chaosReport(result);
    console.info(`\n${report}\n${result.errors.slice(0, 20).join('\n')}`);
    expect(result.restarts).toBe(SHORT.restarts);
    expect(result.kills).toBe(SHORT.kills);
    expect(result.campaigns, report).toBeGreaterThan(0);
    expect(result.tally.totals().ok, report).toBeGreaterThan(0);
    // wallets took copies and the VC-API verifier checked them (a copy that fails is one of chaosProblems)
    expect(result.tally.totals('wallet copy').ok, report).toBeGreaterThan(0);
    expect(chaosProblems(result), report).toEqual([]);
  }, 240_000);
});

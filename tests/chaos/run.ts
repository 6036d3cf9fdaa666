import { chaosProblems, chaosReport, runChaos, type ChaosOptions } from './chaos';

/** The full form (issue 27): 20 PostgreSQL restarts, 5 under 10,000-row campaigns, 10 worker kills. */
export const FULL: ChaosOptions = {
  name: 'full',
  restarts: 20,
  bigRestarts: 5,
  bigRows: 10_000,
  kills: 10,
  // paced so that two cores can sign and mail what is published (a first run at 20–300 rows every 0.5 s published
  // 108,000 certificates in 4 minutes, whose 99,000 mails took longer than the settling allowed)
  smallRows: [20, 100],
  publishPauseMs: 3000,
  // a 5 s lease lapsed under that load while its job was still running: another worker ran it again
  leaseSeconds: 20,
  pauseMs: [2000, 6000],
  settleMs: 25 * 60 * 1000,
};

/** The short form `npm test` runs (tests/server/chaos.test.ts): a few faults, small campaigns. */
export const SHORT: ChaosOptions = {
  name: 'short',
  restarts: 3,
  bigRestarts: 0,
  bigRows: 0,
  kills: 2,
  smallRows: [3, 15],
  publishPauseMs: 700,
  pauseMs: [1000, 2500],
  settleMs: 60 * 1000,
};

// npm run chaos [-- short]
if (import.meta.url === `file://${process.argv[1]}`) {
  const options = process.argv[2] === 'short' ? SHORT : FULL;
  const log = (line: string) => console.info(`${new Date().toISOString().slice(11, 19)} ${line}`);
  const result = await runChaos({ ...options, log });
  console.info(`\n${chaosReport(result)}\n`);
  for (const line of result.errors.slice(0, 20)) console.info(line);
  const problems = chaosProblems(result);
  if (problems.length) {
    console.info(`\nFAILED:\n- ${problems.join('\n- ')}`);
    process.exitCode = 1;
  } else console.info('\nnothing lost, nothing twice, every answer fine');
}

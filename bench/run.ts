import { dashboardBench } from './dashboardBench';
import { designerBench } from './designerBench';
import { eventLoopBench } from './eventLoopBench';
import { firstLoadBench } from './firstLoadBench';
import { importBench } from './importBench';
import { nftBench } from './nftBench';
import { publicPageBench } from './publicPageBench';
import { publishBench } from './publishBench';
import { publish100kBench } from './publish100kBench';
import { reportBench } from './reportBench';
import { signingBench } from './signingBench';
import { walletBench } from './walletBench';
import { workersBench } from './workersBench';

const benches: Record<string, () => Promise<void>> = {
  import: importBench,
  publish: publishBench,
  'publish-100k': publish100kBench,
  report: reportBench,
  signing: signingBench,
  dashboard: dashboardBench,
  'first-load': firstLoadBench,
  'event-loop': eventLoopBench,
  'public-page': publicPageBench,
  designer: designerBench,
  workers: workersBench,
  nft: nftBench,
  wallets: walletBench,
};

/**
 * npm run bench [names…]: each benchmark prints its figure as a ratio to a bare baseline measured in the same
 * run. Without names every benchmark runs; `npx tsx bench/run.ts dashboard` runs that one only.
 */
const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(name in benches));
if (unknown.length > 0) throw new Error(`unknown benchmark ${unknown.join(', ')}: ${Object.keys(benches).join(', ')}`);
for (const [name, bench] of Object.entries(benches)) {
  if (chosen.length === 0 || chosen.includes(name)) await bench();
}

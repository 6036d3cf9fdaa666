// Compiles server/services/ledger/evm/LaurelCertificates.sol with solc from npm and OpenZeppelin from
// node_modules, and writes its ABI and bytecode next to it (LaurelCertificates.json, committed with the source).
// Run: node server/scripts/compileLedgerContract.mjs (--check: exit 1 if the committed JSON is not what the source
// compiles to, without writing). Shanghai (no mcopy) with OpenZeppelin 5.0.x: ganache 7.9, the
// in-process chain of the tests, stops at Shanghai, and Gnosis runs Shanghai code (docs/decisions.md).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const solc = require('solc');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dir = path.join(root, 'server/services/ledger/evm');
const source = fs.readFileSync(path.join(dir, 'LaurelCertificates.sol'), 'utf8');

const input = {
  language: 'Solidity',
  sources: { 'LaurelCertificates.sol': { content: source } },
  settings: {
    optimizer: { enabled: true, runs: 200 },
    evmVersion: 'shanghai',
    outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
  },
};
const findImports = (name) => {
  try {
    return { contents: fs.readFileSync(require.resolve(name), 'utf8') };
  } catch {
    return { error: `not found: ${name}` };
  }
};
const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports }));
const errors = (output.errors ?? []).filter((error) => error.severity === 'error');
if (errors.length > 0) {
  for (const error of errors) console.error(error.formattedMessage);
  process.exit(1);
}
const contract = output.contracts['LaurelCertificates.sol'].LaurelCertificates;
const artifact = {
  contractName: 'LaurelCertificates',
  compiler: `solc ${solc.version()}`,
  openzeppelin: require('@openzeppelin/contracts/package.json').version,
  evmVersion: input.settings.evmVersion,
  abi: contract.abi,
  bytecode: `0x${contract.evm.bytecode.object}`,
};
const text = `${JSON.stringify(artifact, null, 2)}\n`;
const target = path.join(dir, 'LaurelCertificates.json');
if (process.argv.includes('--check')) {
  if (fs.readFileSync(target, 'utf8') !== text) {
    console.error('LaurelCertificates.json is not what LaurelCertificates.sol compiles to: run this script');
    process.exit(1);
  }
  console.info('LaurelCertificates.json matches its source');
  process.exit(0);
}
fs.writeFileSync(target, text);
console.info(`wrote LaurelCertificates.json (${contract.evm.bytecode.object.length / 2} bytes of bytecode)`);

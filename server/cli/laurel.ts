import { runCli } from './runCli';

/** The operators' tool: `npm run laurel -- <command>` (README.md, "Operating several issuers"). */
process.exitCode = await runCli(process.argv.slice(2), process.env, {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});

import { listIssuers } from '../../repositories/issuers';
import { allValidations } from '../../repositories/validators';
import type { CliCommand } from '../command';

export const listIssuersCommand: CliCommand = {
  name: 'list-issuers',
  summary: 'list the issuers: plan, credits, verified, blocked, single sign-on, validated issuers',
  usage: '[--json]',
  help: [
    'Options:',
    '  --json   one JSON array instead of a table (for scripts)',
    '',
    '"validates" lists the ids of the issuers a validator sees besides its own.',
  ],
  options: { json: { type: 'boolean' } },
  positionals: { min: 0, max: 0 },
  async run(ctx, args) {
    const [issuers, validations] = await Promise.all([listIssuers(ctx.db), allValidations(ctx.db)]);
    const rows = issuers.map((issuer) => ({
      id: issuer.id,
      name: issuer.name,
      plan: issuer.plan,
      credits: issuer.credits,
      verified: issuer.verified === 1,
      blocked: issuer.is_blocked === 1,
      sso: issuer.sso_config !== null,
      validates: validations.get(issuer.id) ?? [],
    }));
    if (args.values.json === true) {
      ctx.io.out(JSON.stringify(rows, null, 2));
      return;
    }
    const yesNo = (value: boolean) => (value ? 'yes' : 'no');
    const table = [
      ['id', 'name', 'plan', 'credits', 'verified', 'blocked', 'sso', 'validates'],
      ...rows.map((row) => [
        String(row.id),
        row.name,
        row.plan,
        String(row.credits),
        yesNo(row.verified),
        yesNo(row.blocked),
        yesNo(row.sso),
        row.validates.join(',') || '-',
      ]),
    ];
    const widths = table[0].map((_, column) => Math.max(...table.map((row) => row[column].length)));
    for (const row of table)
      ctx.io.out(
        row
          .map((cell, column) => cell.padEnd(widths[column]))
          .join('  ')
          .trimEnd(),
      );
    if (rows.length === 0) ctx.io.out('(no issuer yet: the server creates the first one on its first start)');
  },
};

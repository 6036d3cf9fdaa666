// Issue 29: the server's floors, checked by lint. app.ts/main.ts → routes/ → services/ → ports/ (the services' contracts)
// → repositories/ → db/ → settings/ (what config.ts reads), with domain/ below all: a file imports only its own floor
// and the floors below it, and queries (Kysely's query builders, transactions and `sql` fragments) are written in
// repositories/ and db/ only.

const QUERY_MESSAGE =
  'Queries belong to server/repositories/ (or server/db/): call a repository function; several in one transaction with inTransaction (server/db/transactions.ts).';

const above = (floors) =>
  floors.map((floor) => ({
    group: [`**/${floor}`, `**/${floor}/**`],
    message: `A lower floor never imports a higher one (server: app/main → routes → services → repositories → db; domain below all): move the shared piece down.`,
  }));

export const serverLayers = [
  {
    files: ['server/**/*.ts'],
    ignores: ['server/repositories/**', 'server/db/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|with|transaction)$/]',
          message: QUERY_MESSAGE,
        },
        { selector: "TaggedTemplateExpression[tag.name='sql']", message: QUERY_MESSAGE },
        { selector: "MemberExpression[object.name='sql']", message: QUERY_MESSAGE },
      ],
    },
  },
  {
    files: ['server/routes/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: above(['app', 'main']) }] },
  },
  {
    files: ['server/services/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: above(['routes', 'app', 'main']) }] },
  },
  {
    files: ['server/repositories/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: above(['services', 'routes', 'app', 'main']) }] },
  },
  {
    files: ['server/ports/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: above(['services', 'routes', 'app', 'main']) }] },
  },
  {
    files: ['server/settings/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: above(['db', 'repositories', 'ports', 'services', 'routes', 'app', 'main']) },
      ],
    },
  },
  {
    files: ['server/db/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: above(['repositories', 'services', 'routes', 'app', 'main']) }],
    },
  },
];

// Issue 29: the server's floors, checked by lint. app.ts/main.ts → routes/ → services/ → ports/ (the services' contracts)
// → repositories/ → db/ → settings/ (what config.ts reads), with domain/ below all: a file imports only its own floor
// and the floors below it, and queries (Kysely's query builders, transactions and `sql` fragments) are written in
// repositories/ and db/ only.

const QUERY_MESSAGE =
  'Queries belong to server/repositories/ (or server/db/): call a repository function; several in one transaction with inTransaction (server/db/transactions.ts).';

// Issue 29: a template's and an issuer's JSON columns are parsed in one place, by the repositories that read them
// (server/repositories/templateRows.ts and issuerRows.ts), which answer the rows with a `parsed` object. Outside
// repositories/ and db/, parseJson(…), JSON.parse(…) or one of the parse helpers applied to one of these columns is an
// error. Other JSON (a certificate's data and translations, a mail's settings, a stored credential) is not concerned.
// An issuer's sso_config stays parsed and checked at sign-in only (server/auth/sso.ts), where an unreadable one
// refuses the sign-in rather than every call of the issuer.
const PARSED_COLUMNS = [
  'label',
  'content',
  'cstyle',
  'meta',
  'params',
  'reference_tables',
  'pathway_definition',
  'thumbnail',
  'metatemplates',
];
// the helpers that parse these columns: called outside the repositories, they parse a column again
const PARSE_HELPERS = [
  'parseJson',
  'parseLabel',
  'parseContent',
  'parseCStyle',
  'cstyleLayout',
  'parseMeta',
  'parseReferenceTables',
  'parsePathwayDefinition',
  'parseThumbnail',
  'parseIssuerParams',
  'parseMetatemplates',
];
const PARSED_MESSAGE =
  "A template's or an issuer's JSON column is parsed by its repository (server/repositories/templateRows.ts, issuerRows.ts): read `.parsed` of the row it answers.";
const column = `/^(${PARSED_COLUMNS.join('|')})$/`;
const parseCall = `CallExpression:matches([callee.name=/^(${PARSE_HELPERS.join('|')})$/], [callee.object.name='JSON'][callee.property.name='parse'])`;
const parsedOnceSelectors = [
  // parse(row.params), or parse(row.params ?? '{}')
  { selector: `${parseCall}[arguments.0.property.name=${column}]`, message: PARSED_MESSAGE },
  { selector: `${parseCall}[arguments.0.left.property.name=${column}]`, message: PARSED_MESSAGE },
];

const querySelectors = [
  {
    selector:
      'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|with|transaction)$/]',
    message: QUERY_MESSAGE,
  },
  { selector: "TaggedTemplateExpression[tag.name='sql']", message: QUERY_MESSAGE },
  { selector: "MemberExpression[object.name='sql']", message: QUERY_MESSAGE },
];

const above = (floors) =>
  floors.map((floor) => ({
    group: [`**/${floor}`, `**/${floor}/**`],
    message: `A lower floor never imports a higher one (server: app/main → routes → services → repositories → db; domain below all): move the shared piece down.`,
  }));

/** @type {import('eslint').Linter.Config[]} */
export const serverLayers = [
  {
    files: ['server/**/*.ts'],
    ignores: ['server/repositories/**', 'server/db/**'],
    rules: { 'no-restricted-syntax': ['error', ...querySelectors, ...parsedOnceSelectors] },
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

/**
 * The calls that are not CRUD (publish, preview, send emails, stats, …) as named methods of the data provider.
 * Each area keeps its methods in its own module of this folder and adds one spread line here; pages reach them
 * through useLaurelDataProvider() and react-query (useQuery / useMutation), never through fetch.
 */
import { certificateMethods } from './certificates';
import { emailMethods } from './emails';
import { publicationMethods } from './publication';
import { templateEditorMethods } from './templateEditor';

export const customMethods = {
  ...certificateMethods,
  ...emailMethods,
  ...publicationMethods,
  ...templateEditorMethods,
};

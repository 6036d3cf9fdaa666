/**
 * The calls that are not CRUD (publish, preview, send emails, stats, …) as named methods of the data provider.
 * Each area keeps its methods in its own module of this folder and adds one spread line here; pages reach them
 * through useLaurelDataProvider() and react-query (useQuery / useMutation), never through fetch.
 */
import { certificateMethods } from './certificates';
import { accountMethods } from './account';
import { badgeImageMethods } from './badgeImages';
import { billingMethods } from './billing';
import { dashboardMethods } from './dashboard';
import { emailMethods } from './emails';
import { helpMethods } from './help';
import { profileMethods } from './profile';
import { publicationMethods } from './publication';
import { referenceTableMethods } from './referenceTables';
import { reissueMethods } from './reissue';
import { correctionMethods } from './corrections';
import { securityMethods } from './security';
import { tagMethods } from './tags';
import { templateEditorMethods } from './templateEditor';
import { templateMethods } from './templates';
import { verificationMethods } from './verification';
import { nftClaimMethods } from './nftClaims';
import { webhookMethods } from './webhooks';

export const customMethods = {
  ...certificateMethods,
  ...accountMethods,
  ...badgeImageMethods,
  ...billingMethods,
  ...dashboardMethods,
  ...emailMethods,
  ...helpMethods,
  ...profileMethods,
  ...publicationMethods,
  ...referenceTableMethods,
  ...reissueMethods,
  ...correctionMethods,
  ...securityMethods,
  ...tagMethods,
  ...templateEditorMethods,
  ...templateMethods,
  ...verificationMethods,
  ...nftClaimMethods,
  ...webhookMethods,
};

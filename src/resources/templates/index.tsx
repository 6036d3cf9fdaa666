import StyleIcon from '@mui/icons-material/StyleOutlined';
import { CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { lazyView } from '../../components/lazyView';
import { page, rights } from '../../components/page';
import { BADGE_EDITOR_PATH, canUseEditor, PUBLICATION_PATH, REFTABLE_PATH, REGISTRY_EDITOR_PATH } from './paths';

const TemplateList = lazyView(() => import('./TemplateList'), 'TemplateList');
const PublicationPage = lazyView(() => import('./publication/PublicationPage'), 'PublicationPage');
const ReferenceTablePage = lazyView(() => import('./reftable/ReferenceTablePage'), 'ReferenceTablePage');
// The template editors are heavy (design editor, live preview): their own chunks, loaded when opened.
const BadgeEditorPage = lazyView(() => import('./badge-editor/BadgeEditorPage'), 'BadgeEditorPage');
const RegistryEditorPage = lazyView(() => import('./registry-editor/RegistryEditorPage'), 'RegistryEditorPage');

export const templates = {
  list: TemplateList,
  icon: StyleIcon,
};

/** The templates, their two editors, their publication page and their reference tables. */
export const templatesRoutes = (
  <>
    <Resource name="templates" {...templates} />
    <CustomRoutes>
      <Route path={PUBLICATION_PATH} element={page(<PublicationPage />, rights.publish)} />
      <Route path={REFTABLE_PATH} element={page(<ReferenceTablePage />)} />
      <Route path={BADGE_EDITOR_PATH} element={page(<BadgeEditorPage />, (u) => canUseEditor(u, 'badge'))} />
      <Route path={REGISTRY_EDITOR_PATH} element={page(<RegistryEditorPage />, (u) => canUseEditor(u, 'registry'))} />
    </CustomRoutes>
  </>
);

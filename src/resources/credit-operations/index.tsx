import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import { CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import type { CreditOperationRecord } from '../../../domain/creditOperations';
import { lazyView } from '../../components/lazyView';
import { page } from '../../components/page';
import { MY_PLAN_PATH } from './paths';

const MyPlanPage = lazyView(() => import('./my-plan/MyPlanPage'), 'MyPlanPage');

/**
 * The issuer's credit log (read-only, served on REST conventions through ra-data-simple-rest). It has no page of
 * its own: My plan shows its list (CreditOperationList), so the resource declares no list route.
 */
export const creditOperations = {
  icon: ReceiptIcon,
  recordRepresentation: (operation: CreditOperationRecord) => `#${operation.id}`,
};

export const creditOperationsRoutes = (
  <>
    <Resource name="credit-operations" {...creditOperations} />
    <CustomRoutes>
      <Route path={MY_PLAN_PATH} element={page(<MyPlanPage />)} />
    </CustomRoutes>
  </>
);

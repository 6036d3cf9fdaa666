import { useDataProvider } from 'react-admin';
import type { LaurelDataProvider } from './dataProvider';

/** react-admin's data provider with our named custom methods typed. */
export function useLaurelDataProvider(): LaurelDataProvider {
  return useDataProvider<LaurelDataProvider>();
}

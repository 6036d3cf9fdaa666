import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createI18nProvider } from './i18n/i18nProvider';
import { currentBrand } from './components/brand/brand';

async function start() {
  const brand = currentBrand();
  document.title = brand.name;
  const i18nProvider = await createI18nProvider();
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <App i18nProvider={i18nProvider} brand={brand} />
    </StrictMode>,
  );
}

void start();

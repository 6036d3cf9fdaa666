import { Skeleton } from '@mui/material';
import { Children, useMemo, type CSSProperties, type ReactNode } from 'react';
import { useBrand } from '../../../components/brand/BrandContext';
import type { EditorState } from './editorModel';
import { markdownToSafeHtml } from './markdown';
import { usePageTexts, type PageTexts } from './pageTexts';
import { PREVIEW_CSS, previewStyle } from './previewCss';
import { previewView, type PreviewView } from './previewView';

/** A date (YYYY-MM-DD) as people of `language` write it, as on the public page. */
function formatDate(date: string, language: string): string {
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${date}T00:00:00Z`),
    );
  } catch {
    return date;
  }
}

/** A part of the card; an empty part is left out, as on the page, so that no divider is drawn for it. */
function Part({ name, children }: { name: string; children: ReactNode }) {
  return Children.toArray(children).length > 0 ? <section className={`part ${name}`}>{children}</section> : null;
}

function Link({ href, children }: { href: string | null; children: string }) {
  return href ? (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  ) : (
    <>{children}</>
  );
}

function Recipient({ view, t, sample }: { view: PreviewView; t: PageTexts; sample: string }) {
  return (
    <Part name="recipient">
      <p className="label">{view.recipientTitle ?? t('awardedTo')}</p>
      <p className="graduate-name">{sample}</p>
      <dl className="dates">
        <div>
          <dt>{view.obtained.title ?? t('obtained')}</dt>
          <dd>
            <time dateTime={view.obtained.date}>{formatDate(view.obtained.date, view.language)}</time>
          </dd>
        </div>
        {view.expires && (
          <div>
            <dt>{view.expires.title}</dt>
            <dd>
              <time dateTime={view.expires.date}>{formatDate(view.expires.date, view.language)}</time>
            </dd>
          </div>
        )}
      </dl>
    </Part>
  );
}

function Main({ view, t }: { view: PreviewView; t: PageTexts }) {
  return (
    <Part name="main">
      {view.registryEntries.length > 0 && (
        <div className="block">
          <dl className="entries">
            {view.registryEntries.flatMap(({ entry, prefix, value }) => [
              <dt key={`${entry}-prefix`} className="paragraph">
                {prefix ?? t(`registry.${entry}`)}
              </dt>,
              <dd key={entry} className="paragraph">
                {value}
              </dd>,
            ])}
          </dl>
        </div>
      )}
      {view.sections.map((section) => (
        <div key={section.section} className="block">
          <h3 className="subtitle">{section.title ?? t(section.section)}</h3>
          <div className="md" dangerouslySetInnerHTML={{ __html: markdownToSafeHtml(section.markdown) }} />
        </div>
      ))}
    </Part>
  );
}

function Organisations({ view, t }: { view: PreviewView; t: PageTexts }) {
  const { issuer, partner, otherPartners } = view;
  return (
    <Part name="orgs">
      {issuer.name && (
        <div className="org">
          {issuer.logo && <img src={issuer.logo} alt={t('logoAlt', { name: issuer.name })} />}
          <div>
            <p className="label">{issuer.title ?? t('issuedBy')}</p>
            <p className="org-name paragraph">{issuer.name}</p>
            {issuer.url && (
              <p className="paragraph">
                <Link href={issuer.url}>{issuer.urlLabel ?? t('website')}</Link>
              </p>
            )}
          </div>
        </div>
      )}
      {partner && (
        <div className="org">
          {partner.logo && <img src={partner.logo} alt={t('logoAlt', { name: partner.name })} />}
          <div>
            <p className="label">{partner.title ?? t('partner')}</p>
            <p className="org-name paragraph">
              <Link href={partner.url}>{partner.name}</Link>
            </p>
          </div>
        </div>
      )}
      {otherPartners && (
        <div className="org">
          <div>
            <p className="label">{otherPartners.title ?? t('otherPartners')}</p>
            <ul className="tags">
              {otherPartners.names.map((name) => (
                <li key={name} className="paragraph">
                  {name}
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </Part>
  );
}

/**
 * The live preview of the summary step: the public credential page's layout (server/services/rendering/
 * credentialPage.ts) drawn by React with the design applied, for a sample recipient, in `language`.
 */
export function CredentialPreview({ state, language }: { state: EditorState; language: string }) {
  const t = usePageTexts(language);
  const brand = useBrand();
  const today = new Date().toISOString().slice(0, 10);
  const view = useMemo(() => previewView(state, language, today), [state, language, today]);
  const style = useMemo(() => previewStyle(state.cstyle), [state.cstyle]);
  if (!t) return <Skeleton variant="rounded" height={480} />;
  const sample = `${t('sample.firstName')} ${t('sample.lastName')}`;
  return (
    <div
      className={`lp-preview layout-${style.layout}`}
      style={style.variables as CSSProperties}
      lang={language}
      data-testid="credential-preview"
    >
      <style>{PREVIEW_CSS}</style>
      <div className="page">
        <div className="status" role="note">
          <span className="status-icon" aria-hidden="true">
            i
          </span>
          <div>
            <strong>{t('status.preview.title')}</strong>
            <p>{t('status.preview.text')}</p>
          </div>
        </div>
        <article className="card">
          <header className="title">
            <h2>{view.title}</h2>
            {view.register && <p className="register">{view.register}</p>}
          </header>
          <div className="body">
            <Part name="badge">
              {style.designImage ? (
                <img className="design-image" src={style.designImage} alt={t('designAlt', { title: view.title })} />
              ) : (
                view.badgeImage && <img src={view.badgeImage} alt={t('badgeAlt', { title: view.title })} />
              )}
            </Part>
            <Recipient view={view} t={t} sample={sample} />
            <Main view={view} t={t} />
            <Part name="aside">
              {view.skills && (
                <div className="block">
                  <h3 className="subtitle">{view.skills.title ?? t('skills')}</h3>
                  <ul className="skills">
                    {view.skills.tags.map((tag) => (
                      <li key={tag} className="skill">
                        {tag}
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </Part>
            <Organisations view={view} t={t} />
          </div>
        </article>
        <p className="footer">{t('footer', { brand: brand.name })}</p>
      </div>
    </div>
  );
}

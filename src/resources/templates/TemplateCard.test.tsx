import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../domain/auth';
import type { Tag, TemplateSummary } from '../../../domain/templates';
import { AdminWrapper } from '../../../tests/unit/adminWrapper';
import { componentTestServer } from '../../../tests/unit/componentTestServer';
import { templateSummary } from '../../../tests/unit/templateSummary';
import { TemplateCard } from './TemplateCard';
import { pasteInto } from '../../../tests/unit/pasteInto';

const cid = 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG';

const template = (change: Partial<TemplateSummary> = {}): TemplateSummary =>
  templateSummary({
    label: { en: 'Data literacy', fr: 'Culture des données' },
    tags: ['Industry'],
    certificationCounter: 3,
    languagesList: 'en;fr',
    ...change,
  });

const user = (profileId: 1 | 2): CurrentUser =>
  ({
    issuerId: 4,
    profileId,
    params: { tracking: false, hasCustomDesign: false, canEditTables: false },
    metatemplates: [{ Type: 'openbadge' }],
  }) as unknown as CurrentUser;

const tag = (id: number, name: string, templates: number[]): Tag => ({
  id,
  issuerId: 4,
  name,
  visibility: 'private',
  templates,
  isActive: true,
});

const sent: unknown[] = [];
const { i18nProvider } = componentTestServer(
  [
    http.get('*/api/issuer/tags', () => HttpResponse.json([tag(1, 'Industry', [7, 8]), tag(2, 'Spring', [8])])),
    http.put('*/api/issuer/config', async ({ request }) => {
      const body = (await request.json()) as { tags: unknown };
      sent.push(body.tags);
      return HttpResponse.json([]);
    }),
  ],
  () => {
    sent.length = 0;
  },
);

function renderCard(summary: TemplateSummary, profileId: 1 | 2 = 1, onChanged = vi.fn()) {
  render(
    <AdminWrapper i18nProvider={i18nProvider()}>
      <TemplateCard template={summary} user={user(profileId)} tagNames={['Industry', 'Spring']} onChanged={onChanged} />
    </AdminWrapper>,
  );
  return onChanged;
}

describe('template card', () => {
  it('links the server thumbnail, lazily loaded, to the public page in a new tab', () => {
    renderCard(template());
    const link = screen.getByTestId('template-thumbnail');
    expect(link).toHaveAttribute('href', '/template/4&7');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    const image = link.querySelector('img');
    expect(image).toHaveAttribute('src', '/template/4&7/thumbnail.svg');
    expect(image).toHaveAttribute('loading', 'lazy');
    fireEvent.load(image!);
    expect(screen.getByRole('img', { name: 'Thumbnail of Data literacy' })).toBe(image);
  });

  it("opens a template that is not public yet with the list's preview token (thumbnail and View)", async () => {
    const token = '1800000000000.Xy_-';
    renderCard(template({ previewToken: token }), 2);
    const link = screen.getByTestId('template-thumbnail');
    expect(link).toHaveAttribute('href', `/template/4&7?preview=${token}`);
    expect(link.querySelector('img')).toHaveAttribute('src', `/template/4&7/thumbnail.svg?preview=${token}`);
    await userEvent.click(screen.getByRole('button', { name: /More actions/ }));
    expect(screen.getByRole('menuitem', { name: 'View' })).toHaveAttribute('href', `/template/4&7?preview=${token}`);
  });

  it('races two gateways for a content id, the second 100 ms later, and keeps the first to load', async () => {
    renderCard(template({ thumbnail: cid }));
    const link = screen.getByTestId('template-thumbnail');
    expect([...link.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      `https://ipfs.io/ipfs/${cid}`,
    ]);
    await waitFor(() => expect(link.querySelectorAll('img')).toHaveLength(2));
    fireEvent.load(link.querySelectorAll('img')[1]);
    expect(screen.getByRole('img', { name: 'Thumbnail of Data literacy' })).toHaveAttribute(
      'src',
      `https://dweb.link/ipfs/${cid}`,
    );
    expect(link.querySelectorAll('img')).toHaveLength(1);
  });

  it('shows the placeholder when the thumbnail fails', () => {
    renderCard(template());
    const link = screen.getByTestId('template-thumbnail');
    fireEvent.error(link.querySelector('img')!);
    expect(link.querySelector('img')).toBeNull();
  });

  it('offers View in the More menu, opening the public page in a new tab', async () => {
    renderCard(template(), 2);
    await userEvent.click(screen.getByRole('button', { name: /More actions/ }));
    const view = screen.getByRole('menuitem', { name: 'View' });
    expect(view).toHaveAttribute('href', '/template/4&7');
    expect(view).toHaveAttribute('target', '_blank');
    expect(view.getAttribute('rel')).toContain('noopener');
    expect(screen.queryByRole('button', { name: /Add a tag/ })).toBeNull();
  });

  it('offers the reference tables only of a template that has some', async () => {
    renderCard(template());
    await userEvent.click(screen.getByRole('button', { name: /More actions/ }));
    expect(screen.getByRole('menuitem', { name: 'Disable' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Reference tables' })).toBeNull();
  });

  it('links the reference tables of a template that has some, and shows its pathway level', async () => {
    renderCard(template({ hasReferenceTables: true, isPathwayParent: true }));
    expect(screen.getByText('Pathway parent')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /More actions/ }));
    expect(screen.getByRole('menuitem', { name: 'Reference tables' })).toHaveAttribute('href', '/reftable/7');
  });

  // the names are pasted: typing some fifty characters one by one took seconds on a busy machine
  it('lets an administrator add an existing or a new tag, with the name rules', async () => {
    const onChanged = renderCard(template());
    await userEvent.click(screen.getByRole('button', { name: 'Add a tag to Data literacy' }));
    const dialog = screen.getByRole('dialog');
    const input = within(dialog).getByRole('combobox', { name: 'Tag' });
    await pasteInto(input, 'industry');
    expect(within(dialog).getByText('This template already has this tag.')).toBeInTheDocument();
    await userEvent.clear(input);
    expect(within(dialog).getByText('Enter a tag name.')).toBeInTheDocument();
    await pasteInto(input, 'x'.repeat(31));
    expect(within(dialog).getByText('A tag name has at most 30 characters.')).toBeInTheDocument();
    await userEvent.clear(input);
    await pasteInto(input, 'Spring');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add a tag' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(sent).toEqual([[tag(1, 'Industry', [7, 8]), tag(2, 'Spring', [8, 7])]]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 20_000);

  it('lets an administrator remove a tag from the card', async () => {
    const onChanged = renderCard(template());
    await userEvent.click(screen.getByRole('img', { name: 'Remove the tag Industry' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(sent).toEqual([[tag(1, 'Industry', [8]), tag(2, 'Spring', [8])]]);
  });
});

/** A Manager of North College as GET /api/admin/who answers it (the web app's unit tests). */
export const MANAGER_WHO = {
  id: 1,
  issuerId: 5,
  issuerName: 'North College',
  profileId: 6,
  email: 'manager@example.org',
  firstName: 'Mo',
  lastName: 'Lee',
  params: { tracking: false, hasCustomDesign: false, canEditTables: false },
  metatemplates: [{ Type: 'openbadge' }, { Type: 'cpf_onshelf' }],
};

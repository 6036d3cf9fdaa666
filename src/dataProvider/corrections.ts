import { apiRequest, type ApiResult } from './apiRequest';

/** A recipient's correction request as the admin API answers it (issue 28). */
export type CorrectionRequest = ApiResult<'/api/admin/correction-requests/{id}', 'get'>;

/** The recipients' correction requests (issue 28), named methods of the data provider. */
export const correctionMethods = {
  /** GET /api/admin/correction-requests/:id */
  async getCorrectionRequest(id: number): Promise<CorrectionRequest> {
    const { body } = await apiRequest('/api/admin/correction-requests/{id}', 'get', { path: { id } });
    return body;
  },
  /**
   * How many requests wait for an answer, and the template of the oldest (the dashboard's indicator and its link).
   * The list comes newest first: the oldest is the last one, asked for apart when there are several.
   */
  async pendingCorrections(): Promise<{ count: number; oldestTemplateId: number | null }> {
    const pending = (offset: number) =>
      apiRequest('/api/admin/correction-requests', 'get', { query: { status: 'pending', limit: 1, offset } });
    const { body: newest } = await pending(0);
    const oldest = newest.total > 1 ? (await pending(newest.total - 1)).body : newest;
    return { count: newest.total, oldestTemplateId: oldest.data.at(-1)?.templateId ?? null };
  },
  /** GET /api/admin/correction-settings: whether small name corrections are approved automatically. */
  async correctionSettings(): Promise<{ autoApprove: boolean }> {
    const { body } = await apiRequest('/api/admin/correction-settings', 'get', {});
    return body;
  },
  async setCorrectionSettings(autoApprove: boolean): Promise<{ autoApprove: boolean }> {
    const { body } = await apiRequest('/api/admin/correction-settings', 'put', { json: { autoApprove } });
    return body;
  },
  /** POST …/:id/approve (a corrected re-issue) or …/:id/refuse (the message is mailed to the recipient). */
  async answerCorrectionRequest(
    id: number,
    answer: { approve: true; message?: string } | { approve: false; message: string },
  ): Promise<CorrectionRequest> {
    if (answer.approve) {
      const { body } = await apiRequest('/api/admin/correction-requests/{id}/approve', 'post', {
        path: { id },
        json: answer.message ? { message: answer.message } : {},
      });
      return body;
    }
    const { body } = await apiRequest('/api/admin/correction-requests/{id}/refuse', 'post', {
      path: { id },
      json: { message: answer.message },
    });
    return body;
  },
};

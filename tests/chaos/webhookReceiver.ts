import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback HTTP server that records every webhook delivery: the path's last segment is the event (campaign id). */
export async function startWebhookReceiver() {
  const deliveries = new Map<string, number>();
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const event = (request.url ?? '').split('/').at(-1) ?? '';
      deliveries.set(event, (deliveries.get(event) ?? 0) + 1);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** the address to subscribe, with the campaign id as its last segment */
    url: `http://127.0.0.1:${port}/hook/\${campaignId}`,
    deliveries,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

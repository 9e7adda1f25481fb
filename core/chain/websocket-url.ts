/**
 * The WebSocket (PubSub) endpoint Solana clients assume for a JSON-RPC URL when none is given, as
 * web3.js's `Connection` derives it: ws(s) for http(s), and an explicit port moved on by one (a
 * validator listens for PubSub on its RPC port + 1); hosted endpoints without a port keep the host.
 */
export function webSocketUrlOf(rpcUrl: string): string {
  const url = new URL(rpcUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  if (url.port !== '') url.port = String(Number(url.port) + 1);
  return url.toString();
}

import { invalidParam } from '../api-error.js';
import { StreamFrame } from '../schemas/stream.js';
import type { Api } from '../api-context.js';
import { STREAM_PATH } from '../stream/stream-hub.js';
import { ERROR_RESPONSES, READS } from '../route-kit/route-config.js';

const PROTOCOL = [
  'A WebSocket (an addition: the hosted API has no push). Connect with Upgrade: websocket from a client without an Origin, or from a page this server served.',
  'Send {"type": "subscribe", "topics": [...], "since"?: position}. Topics: `trades` (every listed coin, as GET /v1/trades), `trades:<mint>` (as GET /v1/coins/{mint}/trades),',
  '`coins` (newly listed), `graduations`, `candles:<mint>:<interval>` (1m to 1d: the candle as each trade changes it), `progress` (the index\'s backfill and live state).',
  'The server answers {"type": "subscribed", "position"} and then {"type": "events", "position", "events": [...]} frames: everything subscribed up to `position` has been sent.',
  'To resume after a dropped connection, subscribe again with `since` = the position of the last frame received: exactly the missed events follow, then live frames.',
  'A bad message answers {"type": "error", "error": {code, message}} and the subscription stays as it was. The answer schema below is the frames the server sends.',
].join(' ');

/** The stream's documentation in the OpenAPI document; a plain GET (no upgrade) is told how to connect. */
export function registerStreamRoute(app: Api): void {
  app.get(
    STREAM_PATH,
    { config: READS, schema: { summary: 'Push stream (WebSocket): trades, new coins, graduations, candles and index progress, resumable by position', description: PROTOCOL, tags: ['stream'], response: { 200: StreamFrame, ...ERROR_RESPONSES } } },
    async () => {
      throw invalidParam('Upgrade', `GET ${STREAM_PATH} is a WebSocket: connect with Upgrade: websocket and send a subscribe message (${JSON.stringify({ type: 'subscribe', topics: ['trades'] })})`);
    },
  );
}

export function connect(channel: string): WebSocket {
  return new WebSocket(`wss://feeds.example.com/${channel}`);
}

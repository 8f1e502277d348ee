export function connect(channel: string): WebSocket {
  return new WebSocket(`ws://feeds.example.com/${channel}`); // expect: cleartext-protocol
}

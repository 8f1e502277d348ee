const socket = new WebSocket("ws://" + window.location.host + "/live"); // expect: cleartext-protocol
const feed = new WebSocket(`ws://feeds.example.com/${channel}`); // expect: cleartext-protocol

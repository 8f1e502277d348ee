const socket = new WebSocket("wss://" + window.location.host + "/live");
const dev = new WebSocket("ws://localhost:8080/live");
const local = new WebSocket(`ws://127.0.0.1:${port}/`);

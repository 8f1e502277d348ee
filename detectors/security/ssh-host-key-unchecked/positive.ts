import { Client } from "ssh2";
new Client().connect({ host: "db", hostVerifier: () => true }); // expect: ssh-host-key-unchecked

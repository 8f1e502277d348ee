import { Client } from "ssh2";
new Client().connect({ host: "db" });

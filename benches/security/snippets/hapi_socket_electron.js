const Hapi = require("@hapi/hapi");
const fastify = require("fastify")();
const crypto = require("crypto");
const { exec } = require("child_process");
const fs = require("fs");
const { ipcMain } = require("electron");
const io = require("socket.io")(3000);

const server = Hapi.server({ port: 3000 });
server.route({
  method: "GET",
  path: "/run",
  handler: (request, h) => {
    // ruleid: command
    exec("ls " + request.query.dir);
    return "ok";
  },
});

fastify.get("/file", async (request, reply) => {
  // ruleid: path
  return fs.readFileSync("/data/" + request.query.name);
});

io.on("connection", (socket) => {
  socket.on("run", (msg) => {
    // ruleid: command
    exec(msg.cmd);
  });
});

ipcMain.on("open", (event, file) => {
  // ruleid: path
  fs.readFile(file, (err, data) => event.reply("data", data));
});

const resolvers = {
  Query: {
    user: (parent, args, ctx) => {
      // ruleid: sql
      return ctx.db.query("SELECT * FROM users WHERE name = '" + args.name + "'");
    },
  },
};

function keys() {
  // ruleid: keysize
  return crypto.generateKeyPairSync("rsa", { modulusLength: 1024 });
}

function token() {
  // ruleid: random
  return Math.random().toString(36).slice(2);
}

function legacy(pass, data) {
  // ruleid: cipher
  const c = crypto.createCipher("aes-128-cbc", pass);
  return c.update(data);
}

module.exports = { resolvers, keys, token, legacy };

const { Server } = require("socket.io");
const { exec } = require("child_process");
const { ipcMain } = require("electron");
const fs = require("fs");

const io = new Server(3000);

io.on("connection", (socket) => {
  socket.on("run", (data) => {
    // ruleid: command-injection
    exec("echo " + data.msg);
  });
  socket.on("calc", (expr) => {
    // ruleid: code-injection
    socket.emit("result", eval(expr));
  });
});

ipcMain.handle("read-file", async (event, filePath) => {
  // ruleid: path-traversal
  return fs.readFileSync(filePath, "utf8");
});

export async function getServerSideProps(context) {
  const id = context.query.id;
  const db = require("./db");
  // ruleid: sql-injection
  const rows = await db.query("SELECT * FROM posts WHERE id = " + id);
  return { props: { rows } };
}

export async function loader({ request }) {
  const url = new URL(request.url);
  const next = url.searchParams.get("next");
  // ruleid: open-redirect
  return Response.redirect(next, 302);
}

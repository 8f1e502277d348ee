import json
import os
import sqlite3
from http.server import BaseHTTPRequestHandler, HTTPServer
from urllib.parse import parse_qs, urlparse

DB = sqlite3.connect("app.db")


class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        query = parse_qs(urlparse(self.path).query)
        name = query.get("name", [""])[0]
        # ruleid: sql-injection
        rows = DB.execute("SELECT * FROM users WHERE name = '%s'" % name).fetchall()
        # ok: sql-injection
        rows = DB.execute("SELECT * FROM users WHERE name = ?", (name,)).fetchall()
        self.send_response(200)
        self.end_headers()
        self.wfile.write(json.dumps(rows).encode())

    def do_POST(self):
        length = int(self.headers["Content-Length"])
        body = json.loads(self.rfile.read(length))
        # ruleid: path-traversal
        with open(os.path.join("/srv/uploads", body["filename"]), "w") as fh:
            fh.write(body["content"])
        self.send_response(201)
        self.end_headers()


if __name__ == "__main__":
    HTTPServer(("127.0.0.1", 8000), Handler).serve_forever()

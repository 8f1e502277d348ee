import sqlite3
import jwt
from flask import Flask, request, render_template_string, send_file, redirect, make_response
from jinja2 import Environment
from sqlalchemy import text

app = Flask(__name__)


@app.route("/hello")
def hello():
    name = request.args.get("name", "")
    # ruleid: template-injection
    return render_template_string("<h1>Hello " + name + "</h1>")


@app.route("/hello-safe")
def hello_safe():
    # ok: template-injection
    return render_template_string("<h1>Hello {{ name }}</h1>", name=request.args.get("name"))


@app.route("/download")
def download():
    # ruleid: path-traversal
    return send_file("/srv/files/" + request.args["f"])


@app.route("/users")
def users():
    db = get_db()
    # ruleid: sql-injection
    rows = db.session.execute(text(f"SELECT * FROM users WHERE id = {request.args['id']}"))
    # ok: sql-injection
    rows = db.session.execute(text("SELECT * FROM users WHERE id = :id"), {"id": request.args["id"]})
    return {"n": len(list(rows))}


@app.route("/token")
def token():
    # ruleid: jwt-unverified
    claims = jwt.decode(request.headers["Authorization"], options={"verify_signature": False})
    # ok: jwt-unverified
    claims = jwt.decode(request.headers["Authorization"], SECRET, algorithms=["HS256"])
    return claims


@app.route("/set")
def set_cookie():
    resp = make_response("ok")
    # ruleid: insecure-cookie
    resp.set_cookie("session", request.args["v"], secure=False, httponly=False)
    # ruleid: header-injection
    resp.headers["X-User"] = request.args["user"]
    # ruleid: session-cookie-not-secure
    resp.set_cookie("remember_token", request.args["t"])
    # ok: session-cookie-not-secure
    resp.set_cookie("remember_token", request.args["t"], secure=True, httponly=True)
    return resp


@app.route("/log")
def log_it():
    # ruleid: log-injection
    app.logger.info("user login: " + request.args["user"])
    return "ok"


# ruleid: hardcoded-secret
def connect(host, user, password="hunter2-Pr0d!"):
    # the default above is the finding
    return None


if __name__ == "__main__":
    # ruleid: debug-enabled
    app.run(host="0.0.0.0", debug=True)

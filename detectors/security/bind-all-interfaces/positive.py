from flask import Flask

app = Flask(__name__)


def main():
    app.run(host="0.0.0.0", port=8000)  # expect: bind-all-interfaces


def serve(server_class, handler):
    return server_class(("0.0.0.0", 8080), handler)  # expect: bind-all-interfaces

from flask import Flask

app = Flask(__name__)


def main():
    app.run(host="127.0.0.1", port=8000)


WILDCARD = "0.0.0.0"

from flask import Flask

app = Flask(__name__)
app.config["DEBUG"] = True  # expect: debug-enabled
DEBUG = True  # expect: debug-enabled

if __name__ == "__main__":
    app.run(host="127.0.0.1", debug=True)  # expect: debug-enabled

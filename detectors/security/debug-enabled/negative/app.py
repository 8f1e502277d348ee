import os
from flask import Flask
app = Flask(__name__)
app.run(debug=False)
app.config["DEBUG"] = False
app.config["TESTING"] = True
app.debug = os.environ.get("FLASK_DEBUG") == "1"
app.config.update(DEBUG=False, TESTING=True)

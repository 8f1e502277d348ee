from flask import Flask
app = Flask(__name__)
app.run(debug=True)  # expect: debug-enabled
app.config["DEBUG"] = True  # expect: debug-enabled
app.debug = True  # expect: debug-enabled
app.config.update(DEBUG=True, SECRET_KEY=None)  # expect: debug-enabled

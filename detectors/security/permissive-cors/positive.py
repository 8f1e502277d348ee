from flask import Flask
from flask_cors import CORS

app = Flask(__name__)
CORS(app)  # expect: permissive-cors

CORS_ALLOW_ALL_ORIGINS = True  # expect: permissive-cors


def view(request, response):
    response["Access-Control-Allow-Origin"] = "*"  # expect: permissive-cors
    return response


def api(application):
    CORS(application, origins="*")  # expect: permissive-cors

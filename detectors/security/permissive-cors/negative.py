from flask import Flask
from flask_cors import CORS

app = Flask(__name__)
CORS(app, origins=["https://app.example.com"])

CORS_ALLOWED_ORIGINS = ["https://app.example.com"]


def view(request, response):
    response["Access-Control-Allow-Origin"] = "https://app.example.com"
    return response

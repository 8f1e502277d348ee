import boto3
from flask import request


def login(db):
    query = request.get_json()
    return db.users.find_one(query)  # expect: nosql-injection


def search(collection):
    return collection.find({"$where": "this.owner == '%s'" % request.args["owner"]})  # expect: nosql-injection


def keyword_filter(request):
    return db.users.find(filter=request.json)  # expect: nosql-injection


def lambda_scan(event, context):
    table = boto3.resource("dynamodb").Table("users")
    return table.scan(ScanFilter=event["body"]["filter"])  # expect: nosql-injection


def lambda_query(event, context):
    client = boto3.client("dynamodb")
    return client.query(TableName="users", FilterExpression="owner = " + event["owner"])  # expect: nosql-injection

import boto3
from bson import ObjectId
from flask import request


def fetch(db):
    return db.users.find_one({"_id": ObjectId(request.args["id"])})


def active(db):
    return db.users.find({"active": True})


def lambda_scan(event, context):
    table = boto3.resource("dynamodb").Table("users")
    return table.scan(ScanFilter={"first_name": event["body"]["name"]})


def lambda_query(event, context):
    client = boto3.client("dynamodb")
    return client.query(TableName="users", KeyConditionExpression="owner = :owner")

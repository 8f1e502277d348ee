import json
import os
import subprocess

import boto3
import pymysql

s3 = boto3.client("s3")


def handler(event, context):
    params = event.get("queryStringParameters") or {}
    user_id = params.get("id")
    connection = pymysql.connect(host="db", user="app", database="shop")
    with connection.cursor() as cursor:
        # ruleid: sql-injection
        cursor.execute("SELECT * FROM orders WHERE user_id = " + user_id)
        rows = cursor.fetchall()
    # ruleid: command-injection
    os.system("convert /tmp/in.png -resize " + params["size"] + " /tmp/out.png")
    # ruleid: path-traversal
    s3.download_file("bucket", params["key"], "/tmp/" + params["key"])
    return {"statusCode": 200, "body": json.dumps(rows)}


def worker(event, context):
    for record in event["Records"]:
        body = json.loads(record["body"])
        # ruleid: command-injection
        subprocess.run(body["command"], shell=True)

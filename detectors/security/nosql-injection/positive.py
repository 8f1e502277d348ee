from flask import request


def login(db):
    query = request.get_json()
    return db.users.find_one(query)  # expect: nosql-injection


def search(collection):
    return collection.find({"$where": "this.owner == '%s'" % request.args["owner"]})  # expect: nosql-injection


def keyword_filter(request):
    return db.users.find(filter=request.json)  # expect: nosql-injection

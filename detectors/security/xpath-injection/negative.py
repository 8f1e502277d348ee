from flask import request


def find(tree):
    return tree.xpath("//user[name=$name]", name=request.args["name"])

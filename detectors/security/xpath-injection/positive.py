from flask import request


def find(tree):
    name = request.args["name"]
    return tree.xpath("//user[name='%s']" % name)  # expect: xpath-injection


def find_all(tree, catalog):
    return tree.xpath(f"//item[@id='{catalog.current()}']")  # audit: xpath-injection

import re
import ldap
from ldap.filter import escape_filter_chars
from flask import request

BASE = "dc=example,dc=com"


def find_user(conn):
    name = escape_filter_chars(request.form["user"])
    return conn.search_s(BASE, ldap.SCOPE_SUBTREE, "(uid=%s)" % name)


def matches(text):
    return re.search(r"\d+", "id " + request.args["q"])


def paged(conn):
    from flask import request
    from ldap3.utils.conv import escape_filter_chars
    query = "(uid={})".format(escape_filter_chars(request.args["user"]))
    return list(conn.extend.standard.paged_search("dc=example,dc=com", search_filter=query))

import hashlib
import os
import random
import ssl
import string
import tempfile
import urllib.request

import paramiko
import requests
from lxml import etree


def make_reset_token():
    # ruleid: insecure-random
    return "".join(random.choice(string.ascii_letters) for _ in range(32))


def store_password(password):
    # ruleid: insecure-password-hash
    return hashlib.sha1(password.encode()).hexdigest()


def fetch_insecure(url):
    # ruleid: tls-verification-disabled
    return requests.get(url, verify=False)


def open_unverified(url):
    # ruleid: tls-verification-disabled
    ctx = ssl._create_unverified_context()
    return urllib.request.urlopen(url, context=ctx)


def connect(host):
    client = paramiko.SSHClient()
    # ruleid: ssh-host-key-unchecked
    client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
    client.connect(host)
    return client


def scratch():
    # ruleid: insecure-tempfile
    path = tempfile.mktemp()
    return open(path, "w")


def parse_xml(data):
    # ruleid: xxe
    parser = etree.XMLParser(resolve_entities=True)
    return etree.fromstring(data, parser)


# ruleid: hardcoded-secret
def db_connect(user, password="hunter2-prod-Xk93"):
    return (user, password)


# ok: hardcoded-secret
def db_connect_env(user, password=None):
    return (user, password or os.environ["DB_PASSWORD"])

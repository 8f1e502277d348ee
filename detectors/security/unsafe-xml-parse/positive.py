import xml.etree.ElementTree as ET
from xml.dom import minidom
from xml.dom.pulldom import parseString
import xml.sax
from lxml import etree
from flask import request


def import_orders():
    root = ET.fromstring(request.data)  # expect: unsafe-xml-parse
    return root.findall("order")


def import_contacts():
    document = minidom.parseString(request.get_data())  # expect: unsafe-xml-parse
    return document.documentElement


def stream_events():
    return parseString(request.form["xml"])  # expect: unsafe-xml-parse


def scan(handler):
    xml.sax.parseString(request.data, handler)  # expect: unsafe-xml-parse


def upload():
    tree = etree.parse(request.files["feed"])  # expect: unsafe-xml-parse
    return tree.getroot()


def handler(event, context):
    body = event["body"]
    return ET.XML(body)  # expect: unsafe-xml-parse

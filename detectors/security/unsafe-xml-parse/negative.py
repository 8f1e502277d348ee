import xml.etree.ElementTree as ET
import defusedxml.ElementTree as SafeET
from lxml import etree
from flask import request


def import_orders():
    return SafeET.fromstring(request.data)


def hardened():
    parser = etree.XMLParser(resolve_entities=False, no_network=True)
    return etree.fromstring(request.data, parser=parser)


def bundled():
    return ET.parse("config/defaults.xml")


def build():
    return ET.fromstring("<root><item/></root>")


def events(stream, make_parser):
    from xml.dom import pulldom
    return pulldom.parse(request.stream, make_parser())

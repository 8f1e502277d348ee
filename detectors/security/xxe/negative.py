from lxml import etree
from xml.sax import make_parser
from xml.sax.handler import feature_external_ges


def load(path):
    parser = etree.XMLParser(resolve_entities=False, no_network=True)
    return etree.parse(path, parser)


def sax(stream, handler):
    parser = make_parser()
    parser.setFeature(feature_external_ges, False)
    parser.parse(stream)


def load_text(text, parser):
    return etree.fromstring(text, parser)

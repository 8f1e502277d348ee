from lxml import etree
from xml.sax import make_parser
from xml.sax.handler import feature_external_ges


def load(path):
    parser = etree.XMLParser(resolve_entities=True)  # expect: xxe
    return etree.parse(path, parser)  # expect: xxe


def load_text(text):
    lax = etree.XMLParser(resolve_entities=True)  # expect: xxe
    return etree.fromstring(text, parser=lax)  # expect: xxe


def load_dtd(path):
    return etree.parse(path, etree.XMLParser(load_dtd=True, no_network=False))  # expect: xxe


def sax(stream, handler):
    parser = make_parser()
    parser.setFeature(feature_external_ges, True)  # expect: xxe
    parser.setContentHandler(handler)
    parser.parse(stream)


def own_parser(text):
    # This function parses with a parser of its own that resolves nothing.
    parser = etree.XMLParser(resolve_entities=False)
    return etree.fromstring(text, parser=parser)

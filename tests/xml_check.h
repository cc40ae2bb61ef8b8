/*
 * xml_check.h - a small checker of well-formed XML, written apart from the
 * library's writer, for the tests and the fuzz target of the pictures:
 * one root element (after an optional XML declaration and an optional
 * <!DOCTYPE html>), tags that nest and close, attributes quoted and not
 * repeated, every '&' an entity or character reference, no '<' in text or
 * values, and every byte part of well-formed UTF-8 that XML 1.0 allows.
 * Namespaces, DTDs, comments, CDATA and processing instructions other
 * than the declaration are not accepted: the pictures use none.
 */
#ifndef BITDOKU_XML_CHECK_H
#define BITDOKU_XML_CHECK_H

#include <stdbool.h>
#include <stddef.h>

/* True when text[0..len) is one well-formed document as above; else
 * false, with what is wrong and where in why[0..size). */
bool xml_check(const char *text, size_t len, char *why, size_t size);

#endif

package dev.fsbench.routed;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A JSON document as plain Java values, read with Jackson's streaming parser: objects as {@code
 * Map<String, Object>} in document order, arrays as {@code List<Object>}, strings, {@code Number}s,
 * {@code Boolean}s and {@code null}. A key given twice, anything after the document and a document
 * that is not JSON are errors whose message gives the line and column.
 */
final class JsonTree {
  private static final JsonFactory FACTORY =
      JsonFactory.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

  private JsonTree() {}

  static Object parse(byte[] json) throws IOException {
    try (JsonParser parser = FACTORY.createParser(json)) {
      JsonToken first = parser.nextToken();
      if (first == null) {
        throw new IOException("empty: no JSON document");
      }
      Object value = value(parser, first);
      if (parser.nextToken() != null) {
        throw new IOException(
            "content after the JSON document, at line "
                + parser.currentLocation().getLineNr()
                + ", column "
                + parser.currentLocation().getColumnNr());
      }
      return value;
    }
  }

  /** The value starting at {@code token}, the parser left on its last token. */
  private static Object value(JsonParser parser, JsonToken token) throws IOException {
    switch (token) {
      case START_OBJECT:
        Map<String, Object> object = new LinkedHashMap<>();
        for (JsonToken t = parser.nextToken(); t != JsonToken.END_OBJECT; t = parser.nextToken()) {
          String key = parser.currentName();
          object.put(key, value(parser, parser.nextToken()));
        }
        return object;
      case START_ARRAY:
        List<Object> array = new ArrayList<>();
        for (JsonToken t = parser.nextToken(); t != JsonToken.END_ARRAY; t = parser.nextToken()) {
          array.add(value(parser, t));
        }
        return array;
      case VALUE_STRING:
        return parser.getText();
      case VALUE_NUMBER_INT:
      case VALUE_NUMBER_FLOAT:
        return parser.getNumberValue();
      case VALUE_TRUE:
        return Boolean.TRUE;
      case VALUE_FALSE:
        return Boolean.FALSE;
      case VALUE_NULL:
        return null;
      default:
        throw new IOException(
            "unexpected " + token + " at line " + parser.currentLocation().getLineNr());
    }
  }
}

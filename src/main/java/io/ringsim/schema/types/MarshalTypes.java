package io.ringsim.schema.types;

import io.ringsim.schema.CqlType;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.collection.MapType;
import io.ringsim.schema.collection.SetType;
import io.ringsim.schema.collection.TupleType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A column type given as a Cassandra marshal class name, {@code 'CompositeType(AsciiType, Int32Type)'}, read as
 * Cassandra 4.1's {@code db.marshal.TypeParser} reads it: a short name is in {@code org.apache.cassandra.db.marshal};
 * a class that is a native CQL type's (Int32Type, UTF8Type, BytesType, ...) gives that native type, as
 * {@code AbstractType.asCQL3Type()} does; CompositeType, DynamicCompositeType and LexicalUUIDType stay custom types.
 * The messages of a class Cassandra cannot find or parse are Cassandra's; a class Cassandra has that ringsim does not
 * model is refused saying so.
 */
public final class MarshalTypes {
  static final String PACKAGE = "org.apache.cassandra.db.marshal.";

  /** The native marshal classes and the CQL type each one is (CQL3Type.Native and AbstractType.asCQL3Type). */
  private static final Map<String, CqlType> NATIVE = Map.ofEntries(
      Map.entry("AsciiType", CqlTypes.ASCII), Map.entry("LongType", CqlTypes.BIGINT),
      Map.entry("BytesType", CqlTypes.BLOB), Map.entry("BooleanType", CqlTypes.BOOLEAN),
      Map.entry("CounterColumnType", CqlTypes.COUNTER), Map.entry("DecimalType", CqlTypes.DECIMAL),
      Map.entry("DoubleType", CqlTypes.DOUBLE), Map.entry("DurationType", CqlTypes.DURATION),
      Map.entry("FloatType", CqlTypes.FLOAT), Map.entry("InetAddressType", CqlTypes.INET),
      Map.entry("Int32Type", CqlTypes.INT), Map.entry("UTF8Type", CqlTypes.TEXT),
      Map.entry("TimestampType", CqlTypes.TIMESTAMP), Map.entry("DateType", CqlTypes.TIMESTAMP),
      Map.entry("SimpleDateType", CqlTypes.DATE), Map.entry("TimeType", CqlTypes.TIME),
      Map.entry("UUIDType", CqlTypes.UUID), Map.entry("TimeUUIDType", CqlTypes.TIMEUUID),
      Map.entry("IntegerType", CqlTypes.VARINT), Map.entry("ShortType", CqlTypes.SMALLINT),
      Map.entry("ByteType", CqlTypes.TINYINT));

  /** Classes of Cassandra 4.1's db.marshal that ringsim has no model of. */
  private static final Set<String> NOT_MODELLED = Set.of("EmptyType", "UserType", "PartitionerDefinedOrder",
      "LocalByPartionerType", "FrozenType");

  /** Classes with a getInstance(TypeParser) in Cassandra: errors inside their parameters are wrapped. */
  private static final Set<String> WITH_PARAMETERS = Set.of("CompositeType", "DynamicCompositeType",
      "ReversedType", "ListType", "SetType", "MapType", "TupleType", "FrozenType", "UserType",
      "PartitionerDefinedOrder");

  private final String str;
  private int idx;

  private MarshalTypes(String str, int idx) {
    this.str = str;
    this.idx = idx;
  }

  /**
   * The type a marshal class text names, as a column type: a native CQL type, a collection or tuple of native types,
   * or a custom type. {@link MarshalException} carries Cassandra's message.
   */
  public static CqlType parse(String text) {
    return parseTop(text).type();
  }

  /**
   * Whether a column type written as a quoted marshal class ({@code 'ReversedType(CompositeType(...))'},
   * {@code 'Int32Type(reversed=true)'}) is a ReversedType: as a clustering column, Cassandra describes it as its inner
   * type in descending clustering order. False for any other type text, or one that does not parse.
   */
  public static boolean isReversedClass(String typeText) {
    String n = typeText.trim();
    if (n.length() < 2 || !n.startsWith("'") || !n.endsWith("'")) return false;
    try {
      return parseTop(n.substring(1, n.length() - 1).replace("''", "'")).reversed();
    } catch (RuntimeException e) {
      return false;
    }
  }

  /** TypeParser.parse(String): no name at all is BytesType; what follows a name without parameters is ignored. */
  static Marshal parseTop(String text) {
    int i = skipBlank(text, 0);
    int j = i;
    while (i < text.length() && isIdentifierChar(text.charAt(i))) i++;
    if (i == j) return nativeMarshal("BytesType");
    String name = text.substring(j, i);
    i = skipBlank(text, i);
    MarshalTypes parser = new MarshalTypes(text, i);
    return i < text.length() && text.charAt(i) == '(' ? parser.withParameters(name) : withoutParameters(name);
  }

  private static Marshal nativeMarshal(String simple) {
    return new Marshal(PACKAGE + simple, NATIVE.get(simple), false);
  }

  private static String className(String name) {
    return name.contains(".") ? name : PACKAGE + name;
  }

  /** The simple name of a class in db.marshal, or null for a class elsewhere. */
  private static String marshalSimpleName(String className) {
    return className.startsWith(PACKAGE) ? className.substring(PACKAGE.length()) : null;
  }

  private static Marshal withoutParameters(String name) {
    String className = className(name);
    String simple = marshalSimpleName(className);
    if (simple != null && NATIVE.containsKey(simple)) return nativeMarshal(simple);
    if (simple != null && simple.equals("LexicalUUIDType")) return LexicalUuidType.MARSHAL;
    if (simple != null && WITH_PARAMETERS.contains(simple)) {
      // No instance field: Cassandra calls getInstance with an empty parser.
      return new MarshalTypes("", 0).withParameters(name);
    }
    throw unknownClass(className, simple);
  }

  private Marshal withParameters(String name) {
    String className = className(name);
    String simple = marshalSimpleName(className);
    if (simple != null && NATIVE.containsKey(simple)) {
      // A native class's parameters are key=value pairs; reversed=true makes it a ReversedType.
      Map<String, String> params = keyValueParameters();
      String reversed = params.get("reversed");
      boolean r = reversed != null && (reversed.isEmpty() || reversed.equals("true"));
      return new Marshal(PACKAGE + simple, NATIVE.get(simple), r);
    }
    if (simple != null && simple.equals("LexicalUUIDType")) {
      keyValueParameters();
      return LexicalUuidType.MARSHAL;
    }
    if (simple == null || !WITH_PARAMETERS.contains(simple)) throw unknownClass(className, simple);
    try {
      return switch (simple) {
        case "CompositeType" -> CompositeType.marshal(typeParameters());
        case "DynamicCompositeType" -> DynamicCompositeType.marshal(aliasParameters());
        case "ReversedType" -> reversed(typeParameters());
        case "ListType", "SetType", "MapType", "TupleType" -> collection(simple, typeParameters());
        default -> throw new MarshalException(MarshalException.Kind.NOT_MODELLED, notModelled(className));
      };
    } catch (MarshalException e) {
      if (e.kind() == MarshalException.Kind.NOT_MODELLED) throw e;
      // Cassandra reaches getInstance(TypeParser) by reflection, which wraps whatever it throws.
      throw new MarshalException(MarshalException.Kind.CONFIGURATION,
          "Invalid definition for comparator " + className + ".");
    } catch (RuntimeException e) {
      throw new MarshalException(MarshalException.Kind.CONFIGURATION,
          "Invalid definition for comparator " + className + ".");
    }
  }

  private static Marshal reversed(List<Marshal> types) {
    if (types.size() != 1) {
      throw new MarshalException(MarshalException.Kind.CONFIGURATION,
          "ReversedType takes exactly one argument, " + types.size() + " given");
    }
    Marshal base = types.get(0);
    if (base.type() instanceof CustomType c) return new Marshal(base.className(), c, !base.reversed());
    return new Marshal(base.className(), base.type(), !base.reversed());
  }

  /** ListType(Int32Type) and its kind are the CQL collections; ringsim models them with native elements only. */
  private static Marshal collection(String simple, List<Marshal> types) {
    for (Marshal t : types) {
      if (t.type() instanceof CustomType || t.reversed() || !NATIVE.containsValue(t.type())) {
        throw new MarshalException(MarshalException.Kind.NOT_MODELLED,
            "ringsim models " + simple + " with native element types only, not " + t.text());
      }
    }
    int want = switch (simple) {
      case "MapType" -> 2;
      case "TupleType" -> types.size();
      default -> 1;
    };
    if (types.size() != want || types.isEmpty()) {
      throw new MarshalException(MarshalException.Kind.CONFIGURATION, simple + " takes " + want + " type parameters");
    }
    List<String> texts = new ArrayList<>();
    for (Marshal t : types) texts.add(t.text());
    String text = PACKAGE + simple + "(" + String.join(",", texts) + ")";
    CqlType type = switch (simple) {
      case "ListType" -> new ListType(types.get(0).type(), false);
      case "SetType" -> new SetType(types.get(0).type(), false);
      case "MapType" -> new MapType(types.get(0).type(), types.get(1).type(), false);
      default -> new TupleType(types.stream().map(Marshal::type).toList());
    };
    return new Marshal(text, type, false);
  }

  private static MarshalException unknownClass(String className, String simple) {
    if (simple != null && NOT_MODELLED.contains(simple))
      return new MarshalException(MarshalException.Kind.NOT_MODELLED, notModelled(className));
    if (isJdkClass(className)) {
      // Cassandra finds the class, then finds it is no AbstractType.
      return new MarshalException(MarshalException.Kind.CONFIGURATION, "Invalid comparator class " + className
          + ": must define a public static instance field or a public static method getInstance(TypeParser).");
    }
    return new MarshalException(MarshalException.Kind.CONFIGURATION,
        "Unable to find abstract-type class '" + className + "'");
  }

  /** A class of the Java platform (java.lang.String): on Cassandra's classpath as on ringsim's. */
  private static boolean isJdkClass(String className) {
    if (!className.startsWith("java.") && !className.startsWith("javax.")) return false;
    try {
      Class.forName(className, false, ClassLoader.getPlatformClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  private static String notModelled(String className) {
    return "ringsim does not model the marshal type " + className
        + " (it models CompositeType, DynamicCompositeType, LexicalUUIDType and the native types' classes)";
  }

  /** TypeParser.parse(): a nested type, whose name may not be empty. */
  private Marshal parseNested() {
    skipBlank();
    String name = readNextIdentifier();
    skipBlank();
    if (!isEOS() && str.charAt(idx) == '(') return withParameters(name);
    return withoutParameters(name);
  }

  private Map<String, String> keyValueParameters() {
    Map<String, String> map = new HashMap<>();
    if (isEOS()) return map;
    ++idx; // '('
    while (skipBlankAndComma()) {
      if (str.charAt(idx) == ')') {
        ++idx;
        return map;
      }
      String k = readNextIdentifier();
      String v = "";
      skipBlank();
      if (str.charAt(idx) == '=') {
        ++idx;
        skipBlank();
        v = readNextIdentifier();
      } else if (str.charAt(idx) != ',' && str.charAt(idx) != ')') {
        throw syntaxError("unexpected character '" + str.charAt(idx) + "'");
      }
      map.put(k, v);
    }
    throw syntaxError("unexpected end of string");
  }

  private List<Marshal> typeParameters() {
    List<Marshal> list = new ArrayList<>();
    if (isEOS()) return list;
    ++idx; // '('
    while (skipBlankAndComma()) {
      if (str.charAt(idx) == ')') {
        ++idx;
        return list;
      }
      list.add(parseNested());
    }
    throw syntaxError("unexpected end of string");
  }

  /** DynamicCompositeType's {@code (s => UTF8Type, i => Int32Type)}, in a HashMap as Cassandra keeps them. */
  private Map<Byte, Marshal> aliasParameters() {
    Map<Byte, Marshal> map = new HashMap<>();
    if (isEOS()) return map;
    ++idx; // '('
    while (skipBlankAndComma()) {
      if (str.charAt(idx) == ')') {
        ++idx;
        return map;
      }
      String alias = readNextIdentifier();
      if (alias.length() != 1) throw syntaxError("An alias should be a single character");
      char aliasChar = alias.charAt(0);
      if (aliasChar < 33 || aliasChar > 127)
        throw syntaxError("An alias should be a single character in [0..9a..bA..B-+._&]");
      skipBlank();
      if (!(str.charAt(idx) == '=' && str.charAt(idx + 1) == '>')) throw syntaxError("expecting '=>' token");
      idx += 2;
      skipBlank();
      map.put((byte) aliasChar, parseNested());
    }
    throw syntaxError("unexpected end of string");
  }

  private MarshalException syntaxError(String msg) {
    return new MarshalException(MarshalException.Kind.SYNTAX,
        "Syntax error parsing '" + str + "' at char " + idx + ": " + msg);
  }

  private boolean isEOS() {
    return idx >= str.length();
  }

  private static boolean isBlank(int c) {
    return c == ' ' || c == '\t' || c == '\n';
  }

  private void skipBlank() {
    idx = skipBlank(str, idx);
  }

  private static int skipBlank(String s, int i) {
    while (i < s.length() && isBlank(s.charAt(i))) i++;
    return i;
  }

  /** Skips blanks and at most one comma; false at the end of the text. */
  private boolean skipBlankAndComma() {
    boolean commaFound = false;
    while (!isEOS()) {
      int c = str.charAt(idx);
      if (c == ',') {
        if (commaFound) return true;
        commaFound = true;
      } else if (!isBlank(c)) {
        return true;
      }
      ++idx;
    }
    return false;
  }

  private static boolean isIdentifierChar(int c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
        || c == '-' || c == '+' || c == '.' || c == '_' || c == '&';
  }

  private String readNextIdentifier() {
    int i = idx;
    while (!isEOS() && isIdentifierChar(str.charAt(idx))) ++idx;
    return str.substring(i, idx);
  }
}
